//! The greedy policy, the twin of the Python package's `GreedyBot` move for move: the least
//! deadwood now (it takes the top discard when a discard after it leaves less than the hand
//! holds; it discards the card leaving the least; it goes out when it can).

use super::kit::{ask, least_final_discard};
use crate::card::Card;
use crate::game::actions::Action;
use crate::game::final_hand::{without_all, Memo as LayOffMemo};
use crate::game::hands::without;
use crate::game::{Game, Phase};
use crate::is_wild;
use crate::search::Kind;

/// What greedy found on its last decision, so the next need not find it again: the hand it
/// kept and its least deadwood (the next draw starts from it), and the hand it took the top
/// discard into with that hand's best discard (the discard that follows plays it).
#[derive(Debug, Clone, Default)]
pub struct Memo {
    kept: Option<(Round, Vec<u8>, u64)>,
    took: Option<(Round, Vec<u8>, (u8, u64))>,
}

/// A round of a game: its number and tie-break number.
type Round = (u32, u32);

/// `GreedyBot`'s choice (`memo` only saves work: the choice is the same without it).
pub(crate) fn greedy(game: &Game, memo: &mut Memo) -> Action {
    if game.phase() == Phase::Draw {
        return draw(game, memo);
    }
    let rules = game.rules();
    if game.went_out().is_some() && (rules.lay_off || !rules.auto_arrange_final_hand) {
        return final_turn(game);
    }
    discard(game, memo)
}

/// Greedy's draw: the top discard when some discard after taking it leaves less deadwood
/// than the hand holds now.
fn draw(game: &Game, memo: &mut Memo) -> Action {
    let rules = game.rules();
    let hand = game.hand_codes(game.current());
    let round = (game.round_number(), game.extra_round());
    let Some(&top) = game.pile_codes().last() else {
        return Action::DRAW_STOCK;
    };
    let kept = match memo.kept.take() {
        Some((at, kept, value)) if at == round && kept == hand => Some(value),
        _ => None,
    };
    let mut with = hand.to_vec();
    with.insert(with.partition_point(|&c| c <= top), top);
    let (now, best) = if !rules.may_discard_taken_discard && hand.iter().any(|&c| c != top) {
        // the top may not go straight back
        let now = kept.unwrap_or_else(|| ask(game, hand).least());
        let values = ask(game, &with).discard_values();
        let best = values
            .into_iter()
            .filter(|&(c, _)| c != top)
            .map(|(_, v)| v)
            .min();
        (now, best)
    } else {
        // (the hand's own value, when not kept from the last turn, is that of the top's
        // discard from the hand with it, priced on the same sweep)
        let (best, now) = match kept {
            Some(now) => (ask(game, &with).best_discard_value(), now),
            None => match ask(game, &with).best_discard_and_value_of(top) {
                Some((best, now)) => (Some(best), now),
                None => (None, ask(game, hand).least()),
            },
        };
        memo.took = best.map(|found| (round, with, found));
        (now, best.map(|(_, value)| value))
    };
    if best.is_some_and(|best| best < now) {
        Action::DRAW_DISCARD
    } else {
        Action::DRAW_STOCK
    }
}

/// Greedy's discard (not in a final turn where the table counts): going out when it can
/// (without a discard first), else the card whose discard leaves the least deadwood.
fn discard(game: &Game, memo: &mut Memo) -> Action {
    let rules = game.rules();
    let hand = game.hand_codes(game.current());
    let round = (game.round_number(), game.extra_round());
    let here = ask(game, hand);
    if rules.go_out_without_discard && here.melds_all() {
        return Action::GO_OUT_WITHOUT_DISCARD;
    }
    let forbidden = game
        .taken_code()
        .filter(|&t| !rules.may_discard_taken_discard && hand.iter().any(|&c| c != t));
    let may_go_out = game.went_out().is_none();
    if forbidden.is_none() && rules.melded() == rules.melds {
        // every unmelded card costs points: going out is a discard that leaves none
        let (card, value) = match memo.took.take() {
            Some((at, took, found)) if at == round && took == hand => found,
            _ => here.best_discard_value().expect("a hand after drawing"),
        };
        if value > 0 || !may_go_out {
            let mut kept = hand.to_vec();
            kept.remove(kept.binary_search(&card).expect("the discard is held"));
            memo.kept = Some((round, kept, value));
            return Action::discard(Card::trusted(card));
        }
        // it goes out, on the highest card whose discard melds the rest (no points left)
        let out = here
            .zero_discard()
            .expect("the best discard leaves no points");
        return Action::go_out(Card::trusted(out));
    }
    let values = here.discard_values();
    if may_go_out {
        let melding = if rules.melded() == rules.melds {
            values.iter().map(|&(c, value)| (c, value == 0)).collect()
        } else {
            here.melding_discards()
        };
        let out = melding
            .into_iter()
            .filter(|&(c, melds)| melds && Some(c) != forbidden)
            .map(|(c, _)| c)
            .max();
        if let Some(c) = out {
            return Action::go_out(Card::trusted(c));
        }
    }
    let wild = game.wild_rank();
    let order = |&(c, value): &(u8, u64)| {
        let points = rules.melds.points(c, wild);
        (
            value,
            is_wild(c, wild),
            std::cmp::Reverse(points),
            std::cmp::Reverse(c),
        )
    };
    let best = values
        .into_iter()
        .filter(|&(c, _)| Some(c) != forbidden)
        .min_by_key(order)
        .map(|(c, _)| c)
        .expect("a hand after drawing holds a discard");
    Action::discard(Card::trusted(best))
}

/// Greedy's final turn (after the draw) where the table counts: laying off onto it
/// (`lay_off`), or laying the hand down by hand: going out without a discard when that is
/// legal; else the legal discard leaving the least deadwood (laying off, as the engine
/// scores the hand), its ties broken as every greedy discard's; laying down by hand, first
/// the next step of laying down the layout of the hand that discard keeps (lay-offs, then
/// melds, card by card).
fn final_turn(game: &Game) -> Action {
    let legal = game.legal_actions();
    if legal.contains(&Action::GO_OUT_WITHOUT_DISCARD) {
        return Action::GO_OUT_WITHOUT_DISCARD;
    }
    let hand = game.hand_codes(game.current());
    let (wild, rules) = (game.wild_rank(), &game.rules().melds);
    let order = |c: u8, value: u64| {
        (
            value,
            is_wild(c, wild),
            std::cmp::Reverse(rules.points(c, wild)),
            std::cmp::Reverse(c),
        )
    };
    let legal_discard = |c: u8| legal.contains(&Action::discard(Card::trusted(c)));
    let card = if game.rules().lay_off && game.table().next().is_some() {
        least_final_discard(game, hand, &mut LayOffMemo::default(), legal_discard, order)
            .map(|(c, _)| c)
    } else {
        ask(game, hand)
            .discard_values()
            .into_iter()
            .filter(|&(c, _)| legal_discard(c))
            .min_by_key(|&(c, value)| order(c, value))
            .map(|(c, _)| c)
    }
    .expect("a hand after drawing holds a legal discard");
    if game.lays_down_by_hand() {
        return lay_down_step(game, &legal, card);
    }
    Action::discard(Card::trusted(card))
}

/// The next step of laying down, by hand, the layout of the hand kept after `discard` (the
/// whole hand's, when it melds every card and may go out without a discard): select the
/// lowest card of the first group (lay-offs, then melds) not yet selected, deselect the
/// lowest selected card beyond it, or lay it down; the discard once nothing is left to lay
/// down (or the step is not legal).
fn lay_down_step(game: &Game, legal: &[Action], discard: u8) -> Action {
    let hand = game.hand_codes(game.current());
    let mut layout = game.arrange_final(&without(hand, discard));
    if game.rules().go_out_without_discard {
        let whole = game.arrange_final(hand);
        if whole.deadwood.is_empty() {
            layout = whole;
        }
    }
    let first = match (layout.lay_offs.first(), layout.melds.first()) {
        (Some((index, cards)), _) => Action::lay_off(*index).map(|step| (cards.clone(), step)),
        (None, Some(meld)) => {
            let finish = match meld.kind {
                Kind::Book => Action::MELD_BOOK,
                Kind::Run => Action::MELD_RUN,
            };
            let mut cards = meld.codes.clone();
            cards.sort_unstable();
            Some((cards, finish))
        }
        (None, None) => None,
    };
    let fallback = Action::discard(Card::trusted(discard));
    let Some((wanted, finish)) = first else {
        return fallback;
    };
    let selected = game.selection_codes();
    let step = if let Some(extra) = without_all(selected, &wanted).first() {
        Action::deselect(Card::trusted(*extra))
    } else if let Some(missing) = without_all(&wanted, selected).first() {
        Action::select(Card::trusted(*missing))
    } else {
        finish
    };
    if legal.contains(&step) {
        step
    } else {
        fallback
    }
}
