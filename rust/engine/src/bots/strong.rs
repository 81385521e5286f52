//! The strong policy: the twin of the Python package's `StrongBot` with its default weights,
//! move for move (the same arithmetic in the same order, so the same floating-point values
//! and the same choices). It values each card left unmelded at its points times the chance
//! that it is still unmelded when the round ends, from the cards it has not seen and the
//! danger that an opponent goes out first; final turns play for the least deadwood.

use super::greedy::{greedy, Memo};
use super::kit::{ask, least_final_discard};
use super::knowledge::Knowledge;
use crate::card::Card;
use crate::game::actions::{Action, ActionKind};
use crate::game::final_hand::{final_points, Memo as LayOffMemo};
use crate::game::{Game, Phase};
use crate::melds::could_join;
use crate::{is_wild, NUM_CODES};

/// `StrongBot.hazard_base`, `hazard_slope`, `hazard_take`, `single_weight`, `feed_penalty`
/// and `take_margin`.
const HAZARD_BASE: f64 = 0.0;
const HAZARD_SLOPE: f64 = 0.4;
const HAZARD_TAKE: f64 = 0.03;
const SINGLE_WEIGHT: f64 = 1.0;
const FEED_PENALTY: f64 = 6.0;
const TAKE_MARGIN: f64 = 2.0;

/// What the strong policy remembers: the upcard of the round it saw begin (its
/// `RoundTracker`), and greedy's memo for the final turns it plays greedy's way.
#[derive(Debug, Clone, Default)]
pub struct Strong {
    upcard: Option<((u32, u32), u8)>,
    greedy: Memo,
}

/// What the chances are drawn from (`_Odds`): the unseen cards by code, their number (at
/// least 1), the unseen wilds, and the cards the next player is known to hold.
struct Odds<'a> {
    unseen: &'a [u32; NUM_CODES],
    total: u32,
    wilds: u32,
    next_wants: &'a [u8],
}

impl Strong {
    /// The strong policy's action now (the game is not over).
    pub fn act(&mut self, game: &Game) -> Action {
        if game.went_out().is_some() {
            if game.phase() == Phase::Draw {
                let know = self.read(game);
                return final_draw(game, &know, &mut self.greedy);
            }
            return greedy(game, &mut self.greedy);
        }
        let know = self.read(game);
        let odds = Odds::of(game, &know);
        let hazard = hazard(game, &know);
        let here = Values {
            game,
            odds: &odds,
            hazard,
        };
        if game.phase() == Phase::Draw {
            return here.draw();
        }
        let legal = game.legal_actions();
        if let Some(out) = giving_least_out(game, &legal) {
            return out;
        }
        let discards: Vec<u8> = legal
            .iter()
            .filter_map(|a| match a.kind() {
                ActionKind::Discard(card) => Some(card.code()),
                _ => None,
            })
            .collect();
        let hand = game.hand_codes(game.current());
        let rules = &game.rules().melds;
        let wild = game.wild_rank();
        let options = here.discard_options(hand, &discards);
        let (_, card) = options
            .into_iter()
            .min_by(|a, b| {
                let key = |(value, c): &(f64, u8)| {
                    (*value, -i64::from(rules.points(*c, wild)), -i64::from(*c))
                };
                let (ka, kb) = (key(a), key(b));
                ka.partial_cmp(&kb).expect("values are finite")
            })
            .expect("a hand after drawing holds a discard");
        Action::discard(Card::trusted(card))
    }

    /// The round as this player reads it, the upcard remembered if it acts first.
    fn read(&mut self, game: &Game) -> Knowledge {
        let round = (game.round_number(), game.extra_round());
        if self.upcard.is_none_or(|(at, _)| at != round) && game.round_history().is_empty() {
            if let Some(&first) = game.pile_codes().first() {
                self.upcard = Some((round, first));
            }
        }
        let upcard = self
            .upcard
            .filter(|&(at, _)| at == round)
            .map(|(_, card)| card);
        Knowledge::read(game, game.current(), upcard)
    }
}

impl<'a> Odds<'a> {
    fn of(game: &Game, know: &'a Knowledge) -> Odds<'a> {
        let next = game.next_after(game.current());
        Odds {
            unseen: &know.unseen,
            total: know.unseen_total().max(1),
            wilds: know.unseen_wilds,
            next_wants: &know.picked_up[usize::from(next)],
        }
    }
}

/// The chance that the round ends before this player's next turn.
fn hazard(game: &Game, know: &Knowledge) -> f64 {
    let size = f64::from(game.hand_size().max(1));
    let me = game.current();
    let mut stay = 1.0;
    for &seat in game.active().iter().filter(|&&seat| seat != me) {
        let s = usize::from(seat);
        let rate = HAZARD_BASE
            + HAZARD_SLOPE * f64::from(know.turns[s]) / size
            + HAZARD_TAKE * f64::from(know.takes[s]);
        stay *= 1.0 - rate.clamp(0.01, 0.95);
    }
    1.0 - stay
}

/// The rank (3..=13) and suit of a natural.
fn rank_suit(code: u8) -> (i32, i32) {
    (i32::from(code % 11) + 3, i32::from(code / 11))
}

fn unseen_at(unseen: &[u32; NUM_CODES], suit: i32, rank: i32) -> u32 {
    unseen[(suit * 11 + rank - 3) as usize]
}

/// Unseen naturals that would make a pair or a near-run with the natural `code`.
fn partner_counts(code: u8, wild: u8, unseen: &[u32; NUM_CODES]) -> u32 {
    let (rank, suit) = rank_suit(code);
    let mut found: u32 = (0..5).map(|s| unseen_at(unseen, s, rank)).sum();
    for r in [rank - 2, rank - 1, rank + 1, rank + 2] {
        if (3..=13).contains(&r) && r != i32::from(wild) {
            found += unseen_at(unseen, suit, r);
        }
    }
    found
}

/// 1 if the natural `code` fits a card the next player took (same rank, or same suit within
/// two ranks), else 0.
fn feeds(code: u8, wild: u8, wants: &[u8]) -> u32 {
    let (rank, suit) = rank_suit(code);
    let fits = wants.iter().any(|&other| {
        if is_wild(other, wild) {
            return false;
        }
        let (o_rank, o_suit) = rank_suit(other);
        o_rank == rank || (o_suit == suit && (o_rank - rank).abs() <= 2)
    });
    u32::from(fits)
}

/// The valuation of one decision: the game, the odds and the danger.
struct Values<'a> {
    game: &'a Game,
    odds: &'a Odds<'a>,
    hazard: f64,
}

impl Values<'_> {
    /// Per deadwood card (by code): the chance per draw of a card that melds it.
    fn chances(&self, deadwood: &[u8]) -> Vec<f64> {
        let wild = self.game.wild_rank();
        let (unseen, total, wilds) = (self.odds.unseen, self.odds.total, self.odds.wilds);
        let total_f = f64::from(total);
        let naturals: Vec<u8> = deadwood
            .iter()
            .copied()
            .filter(|&c| !is_wild(c, wild))
            .collect();
        let spare_wild = naturals.len() != deadwood.len();
        let mut chances = Vec::with_capacity(deadwood.len());
        for &code in deadwood {
            if is_wild(code, wild) {
                let partners: u32 = naturals
                    .iter()
                    .map(|&o| partner_counts(o, wild, unseen))
                    .sum();
                chances.push(f64::min(1.0, f64::from(partners + wilds) / total_f));
                continue;
            }
            let (rank, suit) = rank_suit(code);
            let copies = naturals.iter().filter(|&&c| c == code).count();
            let mut best: u32 = 0;
            for &other in &naturals {
                if other == code && copies < 2 {
                    continue;
                }
                let (o_rank, o_suit) = rank_suit(other);
                let found: u32 = if o_rank == rank {
                    (0..5).map(|s| unseen_at(unseen, s, rank)).sum()
                } else if o_suit == suit && (o_rank - rank).abs() <= 2 {
                    let (low, high) = (rank.min(o_rank), rank.max(o_rank));
                    let needed: &[i32] = if high - low == 2 {
                        &[low + 1]
                    } else {
                        &[low - 1, high + 1]
                    };
                    needed
                        .iter()
                        .filter(|&&r| (3..=13).contains(&r) && r != i32::from(wild))
                        .map(|&r| unseen_at(unseen, suit, r))
                        .sum()
                } else {
                    continue;
                };
                best = best.max(found + wilds);
            }
            if best > 0 {
                chances.push(f64::min(1.0, f64::from(best) / total_f));
            } else if spare_wild {
                chances.push(f64::min(
                    1.0,
                    f64::from(partner_counts(code, wild, unseen)) / total_f,
                ));
            } else {
                let lone = partner_counts(code, wild, unseen) + wilds;
                chances
                    .push(SINGLE_WEIGHT * f64::from(lone) * f64::from(wilds) / (total_f * total_f));
            }
        }
        chances
    }

    /// Expected points of `deadwood` when the round ends (`drawing`: about to draw from the
    /// stock too).
    fn value(&self, deadwood: &[u8], drawing: bool) -> f64 {
        let rules = &self.game.rules().melds;
        let wild = self.game.wild_rank();
        let hazard = self.hazard;
        let mut total = 0.0;
        for (&code, chance) in deadwood.iter().zip(self.chances(deadwood)) {
            let mut left = hazard / (1.0 - (1.0 - hazard) * (1.0 - chance));
            if drawing {
                left *= 1.0 - chance;
            }
            total += f64::from(rules.points(code, wild)) * left;
        }
        total
    }

    /// For a hand after drawing: each allowed discard with the value of what is left.
    fn discard_options(&self, hand: &[u8], allowed: &[u8]) -> Vec<(f64, u8)> {
        let game = self.game;
        let wild = game.wild_rank();
        let query = ask(game, hand);
        let arrangement = query.arrangement();
        let deadwood = &arrangement.deadwood;
        let values = query.discard_values();
        let natural: Vec<u8> = allowed
            .iter()
            .copied()
            .filter(|&c| !is_wild(c, wild))
            .collect();
        let choices = if natural.is_empty() {
            allowed
        } else {
            &natural[..]
        };
        let mut options = Vec::with_capacity(choices.len());
        for &card in choices {
            let left = values
                .iter()
                .find(|&&(c, _)| c == card)
                .map(|&(_, v)| v)
                .expect("an allowed discard is held");
            let value = if let Some(at) = deadwood.iter().position(|&c| c == card) {
                let mut rest = deadwood.clone();
                rest.remove(at);
                self.value(&rest, false)
            } else if left <= arrangement.points {
                self.value(deadwood, false)
            } else {
                // breaking a meld: the rest as plain points
                options.push((left as f64, card));
                continue;
            };
            let fed = FEED_PENALTY * f64::from(feeds(card, wild, self.odds.next_wants));
            options.push((value + fed, card));
        }
        options
    }

    /// Take the top discard when it lets the player go out at once, or when the best hand it
    /// makes is worth `TAKE_MARGIN` points more than a stock draw (a wild always).
    fn draw(&self) -> Action {
        let game = self.game;
        let Some(&top) = game.pile_codes().last() else {
            return Action::DRAW_STOCK;
        };
        if is_wild(top, game.wild_rank()) {
            return Action::DRAW_DISCARD;
        }
        let hand = game.hand_codes(game.current());
        let mut with = hand.to_vec();
        with.insert(with.partition_point(|&c| c <= top), top);
        let mut distinct = with.clone();
        distinct.dedup();
        let allowed = allowed_after_taking(game, top, &distinct);
        if goes_out(game, &with, &allowed) {
            return Action::DRAW_DISCARD; // (a certain out: no margin to clear)
        }
        let arrangement = ask(game, hand).arrangement();
        let stock = self.value(&arrangement.deadwood, true);
        let take = self
            .discard_options(&with, &allowed)
            .into_iter()
            .map(|(value, _)| value)
            .fold(f64::INFINITY, f64::min);
        if take < stock - TAKE_MARGIN {
            Action::DRAW_DISCARD
        } else {
            Action::DRAW_STOCK
        }
    }
}

/// Would the referee let the player go out with `with` (after drawing), discarding one of
/// `allowed`, or with no discard where the rules allow it (`_goes_out`)?
fn goes_out(game: &Game, with: &[u8], allowed: &[u8]) -> bool {
    let query = ask(game, with);
    if game.rules().go_out_without_discard && query.melds_all() {
        return true;
    }
    query.may_go_out()
        && query
            .melding_discards()
            .into_iter()
            .any(|(c, melds)| melds && allowed.contains(&c))
}

/// `cards` (of the hand plus the top discard) that may be discarded after taking `top`.
fn allowed_after_taking(game: &Game, top: u8, cards: &[u8]) -> Vec<u8> {
    let hand = game.hand_codes(game.current());
    if !game.rules().may_discard_taken_discard && hand.iter().any(|&c| c != top) {
        cards.iter().copied().filter(|&c| c != top).collect()
    } else {
        cards.to_vec()
    }
}

/// Going out, if legal: without a discard when it can; else throwing a natural before a
/// wild, then the higher code.
fn giving_least_out(game: &Game, legal: &[Action]) -> Option<Action> {
    if legal.contains(&Action::GO_OUT_WITHOUT_DISCARD) {
        return Some(Action::GO_OUT_WITHOUT_DISCARD);
    }
    let wild = game.wild_rank();
    legal
        .iter()
        .filter_map(|a| match a.kind() {
            ActionKind::GoOut(card) => Some(card),
            _ => None,
        })
        .max_by_key(|&card| (!card.is_wild(wild), card))
        .map(Action::go_out)
}

/// The least deadwood after drawing `card` and making the best discard (`taken`: the card
/// is the top discard, which may not go straight back).
fn deadwood_after_drawing(game: &Game, card: u8, taken: bool) -> u64 {
    let hand = game.hand_codes(game.current());
    let mut with = hand.to_vec();
    with.insert(with.partition_point(|&c| c <= card), card);
    let query = ask(game, &with);
    if taken {
        least_allowed(game, card, query.discard_values(), true)
    } else {
        query
            .best_discard_value()
            .expect("a hand after drawing holds a discard")
            .1
    }
}

/// The least of `values` (each discard of the hand with `card` drawn, and what it leaves)
/// over the discards allowed after drawing `card` (`taken`: from the discard pile).
fn least_allowed(game: &Game, card: u8, values: Vec<(u8, u64)>, taken: bool) -> u64 {
    let codes: Vec<u8> = values.iter().map(|&(c, _)| c).collect();
    let allowed = if taken {
        allowed_after_taking(game, card, &codes)
    } else {
        codes
    };
    values
        .into_iter()
        .filter(|(c, _)| allowed.contains(c))
        .map(|(_, v)| v)
        .min()
        .expect("a hand after drawing holds a discard")
}

/// The final turn's draw: the top discard only if it leaves less deadwood than a stock draw
/// on average over the unseen cards ([`stock_or_discard`]).
fn final_draw(game: &Game, know: &Knowledge, memo: &mut Memo) -> Action {
    let Some(&top) = game.pile_codes().last() else {
        return Action::DRAW_STOCK;
    };
    if know.unseen_total() == 0 {
        return greedy(game, memo);
    }
    if game.rules().lay_off && game.table().next().is_some() {
        return final_draw_laying_off(game, know, top);
    }
    let taken = deadwood_after_drawing(game, top, true);
    let hand = game.hand_codes(game.current());
    let query = ask(game, hand);
    let kept = query.least();
    if taken >= kept {
        return Action::DRAW_STOCK; // (a stock draw leaves at most the hand's own deadwood)
    }
    let thrown = query.best_discard_value().map_or(kept, |(_, value)| value);
    let (wild, rules) = (game.wild_rank(), &game.rules().melds);
    stock_or_discard(
        know,
        taken,
        (kept, thrown),
        |code| u64::from(rules.points(code, wild)),
        |code| lone(hand, code, wild),
        |code| deadwood_after_drawing(game, code, false),
    )
}

/// [`final_draw`] under `lay_off`, where a final hand counts what it can lay off onto the
/// table (without the shortcuts, which assume a hand melds on its own), and a card is
/// stuck only if no table meld could take it either.
fn final_draw_laying_off(game: &Game, know: &Knowledge, top: u8) -> Action {
    let mut memo = LayOffMemo::default(); // (the hands priced overlap: most are met again)
    let hand = game.hand_codes(game.current());
    let table: Vec<_> = game.table().map(|(_, meld)| meld.clone()).collect();
    let (wild, rules) = (game.wild_rank(), game.rules());
    let kept = final_points(hand, &table, wild, rules, &mut memo);
    let after = |card: u8, taken: bool, memo: &mut LayOffMemo| {
        let mut with = hand.to_vec();
        with.insert(with.partition_point(|&c| c <= card), card);
        let allowed = if taken {
            allowed_after_taking(game, card, &with)
        } else {
            with.clone()
        };
        least_final_discard(game, &with, memo, |c| allowed.contains(&c), |_, v| v)
            .map(|(_, value)| value)
            .expect("a hand after drawing holds a discard")
    };
    let taken = after(top, true, &mut memo);
    if taken >= kept {
        return Action::DRAW_STOCK; // (a stock draw leaves at most the hand's own final points)
    }
    let thrown = least_final_discard(game, hand, &mut memo, |_| true, |_, v| v)
        .map_or(kept, |(_, value)| value);
    stock_or_discard(
        know,
        taken,
        (kept, thrown),
        |code| u64::from(rules.melds.points(code, wild)),
        |code| {
            lone(hand, code, wild)
                && !table
                    .iter()
                    .any(|meld| could_join(code, meld.kind, &meld.codes, wild))
        },
        |code| after(code, false, &mut memo),
    )
}

/// The top discard if the deadwood it leaves (`taken`) is less than a stock draw's on
/// average over the unseen cards (StrongBot's `taken < found / total`, which is
/// `taken * total < found` in integers: `found / total` is never within rounding of an
/// integer without being one). A card `stuck` says no meld can hold is deadwood whatever is
/// discarded: the hand keeps it and throws its best discard (leaving `thrown`), or throws it
/// back (leaving `kept`, the hand's own); any other card leaves `after(card)`. The sum
/// `found` is bounded as it grows (a stock draw leaves at most `kept`), so most draws are
/// decided before every unseen card is priced.
fn stock_or_discard(
    know: &Knowledge,
    taken: u64,
    (kept, thrown): (u64, u64),
    points: impl Fn(u8) -> u64,
    stuck: impl Fn(u8) -> bool,
    mut after: impl FnMut(u8) -> u64,
) -> Action {
    let total = u64::from(know.unseen_total());
    let target = total * taken;
    let (mut found, mut left) = (0u64, total);
    let mut others = Vec::new();
    for (code, &count) in know.unseen.iter().enumerate() {
        let (code, count) = (code as u8, u64::from(count));
        if count == 0 {
            continue;
        }
        if stuck(code) {
            found += count * kept.min(thrown + points(code));
            left -= count;
        } else {
            others.push((code, count));
        }
    }
    for (code, count) in others {
        if target < found {
            return Action::DRAW_DISCARD;
        }
        if target >= found + left * kept {
            return Action::DRAW_STOCK;
        }
        found += count * after(code);
        left -= count;
    }
    if target < found {
        Action::DRAW_DISCARD
    } else {
        Action::DRAW_STOCK
    }
}

/// Can no meld of `hand` plus the natural `code` hold `code`? True when the hand holds at most
/// one wild and no card of its rank or of its suit within two ranks: a meld with `code` has
/// three cards or more, so with one wild at most it holds another natural, which a book
/// needs of its rank and a run of its suit within two ranks.
fn lone(hand: &[u8], code: u8, wild: u8) -> bool {
    if is_wild(code, wild) || hand.iter().filter(|&&c| is_wild(c, wild)).count() > 1 {
        return false;
    }
    let (rank, suit) = rank_suit(code);
    hand.iter().filter(|&&c| !is_wild(c, wild)).all(|&c| {
        let (r, s) = rank_suit(c);
        r != rank && (s != suit || (r - rank).abs() > 2)
    })
}
