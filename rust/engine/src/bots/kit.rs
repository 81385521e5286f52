//! What the built-in bots share: the questions they ask of a hand, and the discard of a
//! final hand that leaves the least deadwood laying off onto the table.

use crate::game::final_hand::{final_points, Memo as LayOffMemo};
use crate::game::hands::without;
use crate::game::hands::Query;
use crate::game::Game;

/// The questions about `codes` under the game's rules and wild rank.
pub(crate) fn ask<'a>(game: &'a Game, codes: &'a [u8]) -> Query<'a> {
    Query {
        codes,
        wild_rank: game.wild_rank(),
        rules: game.rules(),
    }
}

/// Under `lay_off` with melds on the table: the card of `hand` (the player to act's, after
/// drawing; sorted) among those `allowed` whose discard leaves the least deadwood as the
/// engine scores a final hand (laying off onto the table), the least by `key` (which orders
/// by the deadwood first), with that deadwood (`memo` for this game's table). The cards are
/// priced in the order of a bound below their deadwood, the hand's own less the card's points
/// (the rest's layout with the card as deadwood is one of the hand), and none is priced once
/// its bound's key is no less than the best found: the same card as pricing every one.
pub(crate) fn least_final_discard<K: Ord>(
    game: &Game,
    hand: &[u8],
    memo: &mut LayOffMemo,
    allowed: impl Fn(u8) -> bool,
    key: impl Fn(u8, u64) -> K,
) -> Option<(u8, u64)> {
    let table: Vec<_> = game.table().map(|(_, meld)| meld.clone()).collect();
    let (wild, rules) = (game.wild_rank(), game.rules());
    let whole = final_points(hand, &table, wild, rules, memo);
    let mut cards: Vec<(u8, u64)> = hand
        .iter()
        .copied()
        .filter(|&c| allowed(c))
        .map(|c| {
            (
                c,
                whole.saturating_sub(u64::from(rules.melds.points(c, wild))),
            )
        })
        .collect();
    cards.dedup();
    cards.sort_by_key(|&(c, bound)| key(c, bound));
    let mut best: Option<(K, u8, u64)> = None;
    for (c, bound) in cards {
        if best
            .as_ref()
            .is_some_and(|(found, ..)| key(c, bound) >= *found)
        {
            break; // (every card left is bounded no lower)
        }
        let value = final_points(&without(hand, c), &table, wild, rules, memo);
        let priced = key(c, value);
        if best.as_ref().is_none_or(|(found, ..)| priced < *found) {
            best = Some((priced, c, value));
        }
    }
    best.map(|(_, c, value)| (c, value))
}
