//! The built-in policies, the twins of the Python package's bots move for move: `random` (a
//! uniformly random legal action, from the same generator `RandomBot` seeds), `greedy` (the
//! least deadwood now, `GreedyBot`) and `strong` (the expected score at the round's end,
//! `StrongBot`, in [`crate::strong`]). A policy reads only what its player may know: its
//! hand, the top discard, the rules and the public record of the round.

use crate::game::final_hand::{final_points, without_all, Memo as LayOffMemo};
use crate::game::hands::Query;
use crate::game::state::{
    without, Game, Phase, DESELECT, DISCARD, DRAW_DISCARD, DRAW_STOCK, GO_OUT,
    GO_OUT_WITHOUT_DISCARD, LAY_OFF, MELD_BOOK, MELD_RUN, SELECT,
};
use crate::is_wild;
use crate::search::Kind;
use crate::shuffle::{derive_seed, Mt19937};
use crate::strong::Strong;

/// Which built-in policy plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    Random,
    Greedy,
    Strong,
}

impl PolicyKind {
    /// The policy of a bot name ("random", "greedy", "strong"), if it is built in.
    pub fn from_name(name: &str) -> Option<PolicyKind> {
        match name {
            "random" => Some(PolicyKind::Random),
            "greedy" => Some(PolicyKind::Greedy),
            "strong" => Some(PolicyKind::Strong),
            _ => None,
        }
    }
}

/// A policy playing one seat of one game (the random one keeps its generator).
#[derive(Debug, Clone)]
pub enum Policy {
    Random(Box<Mt19937>),
    Greedy(Memo),
    Strong(Box<Strong>),
}

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

/// The seed the Python package resets the bot in `seat` with, in a game dealt from `seed`
/// (`fivecrowns.simulate.bot_seed`).
pub fn bot_seed(seed: u64, seat: u8) -> u64 {
    derive_seed(&format!("fivecrowns/bot/v1/{seed}/{seat}")) >> 1
}

/// The deal seed of game `game` of a tournament with seed `seed`
/// (`fivecrowns.simulate.game_seed`).
pub fn game_seed(seed: u64, game: u64) -> u64 {
    derive_seed(&format!("fivecrowns/game/v1/{seed}/{game}")) >> 1
}

impl Policy {
    /// The policy of `kind` for `seat` in a game dealt from `seed`, reset as the Python
    /// package resets its bot.
    pub fn new(kind: PolicyKind, seed: u64, seat: u8) -> Policy {
        match kind {
            PolicyKind::Random => Policy::Random(Box::new(Mt19937::new(bot_seed(seed, seat)))),
            PolicyKind::Greedy => Policy::Greedy(Memo::default()),
            PolicyKind::Strong => Policy::Strong(Box::default()),
        }
    }

    /// The action this policy plays now (the game is not over).
    pub fn act(&mut self, game: &Game) -> u16 {
        match self {
            Policy::Random(rng) => {
                let legal = game.legal_actions();
                legal[rng.randbelow(legal.len() as u64) as usize]
            }
            Policy::Greedy(memo) => greedy(game, memo),
            Policy::Strong(strong) => strong.act(game),
        }
    }
}

/// Play a whole game with these policies, one per seat (`kinds[seat]`), dealt from `seed`
/// with the last seat dealing first.
pub fn play_game(
    rules: std::sync::Arc<crate::game::rules::GameRules>,
    kinds: &[PolicyKind],
    seed: u64,
) -> Result<Game, crate::HandError> {
    let players = u8::try_from(kinds.len())
        .map_err(|_| crate::HandError::BadRules("too many players".to_string()))?;
    let mut game = Game::new(rules, players, seed, players.saturating_sub(1))?;
    let mut policies: Vec<Policy> = (0..players)
        .map(|seat| Policy::new(kinds[usize::from(seat)], seed, seat))
        .collect();
    while !game.is_over() {
        let action = policies[usize::from(game.current())].act(&game);
        debug_assert!(game.refusal(action).is_none(), "{action} is legal");
        game.play(action);
    }
    Ok(game)
}

/// `GreedyBot`'s choice (`memo` only saves work: the choice is the same without it).
pub(crate) fn greedy(game: &Game, memo: &mut Memo) -> u16 {
    let rules = game.rules();
    let hand = game.hand(game.current());
    let round = (game.round_number(), game.extra_round());
    if game.phase() == Phase::Draw {
        let Some(&top) = game.discard_pile().last() else {
            return DRAW_STOCK;
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
        return if best.is_some_and(|best| best < now) {
            DRAW_DISCARD
        } else {
            DRAW_STOCK
        };
    }
    if game.went_out().is_some() && (rules.lay_off || !rules.auto_arrange_final_hand) {
        return final_turn(game);
    }
    let here = ask(game, hand);
    if rules.go_out_without_discard && here.melds_all() {
        return GO_OUT_WITHOUT_DISCARD;
    }
    let forbidden = game
        .taken()
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
            return DISCARD + u16::from(card);
        }
        // it goes out, on the highest card whose discard melds the rest (no points left)
        let out = here
            .zero_discard()
            .expect("the best discard leaves no points");
        return GO_OUT + u16::from(out);
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
            return GO_OUT + u16::from(c);
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
    DISCARD + u16::from(best)
}

/// Greedy's final turn (after the draw) where the table counts: laying off onto it
/// (`lay_off`), or laying the hand down by hand: going out without a discard when that is
/// legal; else the legal discard leaving the least deadwood (laying off, as the engine
/// scores the hand), its ties broken as every greedy discard's; laying down by hand, first
/// the next step of laying down the layout of the hand that discard keeps (lay-offs, then
/// melds, card by card).
fn final_turn(game: &Game) -> u16 {
    let legal = game.legal_actions();
    if legal.contains(&GO_OUT_WITHOUT_DISCARD) {
        return GO_OUT_WITHOUT_DISCARD;
    }
    let hand = game.hand(game.current());
    let (wild, rules) = (game.wild_rank(), &game.rules().melds);
    let order = |c: u8, value: u64| {
        (
            value,
            is_wild(c, wild),
            std::cmp::Reverse(rules.points(c, wild)),
            std::cmp::Reverse(c),
        )
    };
    let legal_discard = |c: u8| legal.contains(&(DISCARD + u16::from(c)));
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
    DISCARD + u16::from(card)
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

/// The next step of laying down, by hand, the layout of the hand kept after `discard` (the
/// whole hand's, when it melds every card and may go out without a discard): select the
/// lowest card of the first group (lay-offs, then melds) not yet selected, deselect the
/// lowest selected card beyond it, or lay it down; the discard once nothing is left to lay
/// down (or the step is not legal).
fn lay_down_step(game: &Game, legal: &[u16], discard: u8) -> u16 {
    let hand = game.hand(game.current());
    let mut layout = game.arrange_final(&without(hand, discard));
    if game.rules().go_out_without_discard {
        let whole = game.arrange_final(hand);
        if whole.deadwood.is_empty() {
            layout = whole;
        }
    }
    let first = match (layout.lay_offs.first(), layout.melds.first()) {
        (Some((index, cards)), _) => Some((cards.clone(), LAY_OFF + *index as u16)),
        (None, Some(meld)) => {
            let finish = match meld.kind {
                Kind::Book => MELD_BOOK,
                Kind::Run => MELD_RUN,
            };
            let mut cards = meld.codes.clone();
            cards.sort_unstable();
            Some((cards, finish))
        }
        (None, None) => None,
    };
    let fallback = DISCARD + u16::from(discard);
    let Some((wanted, finish)) = first else {
        return fallback;
    };
    let selected = game.selection();
    let step = if let Some(extra) = without_all(selected, &wanted).first() {
        DESELECT + u16::from(*extra)
    } else if let Some(missing) = without_all(&wanted, selected).first() {
        SELECT + u16::from(*missing)
    } else {
        finish
    };
    if legal.contains(&step) {
        step
    } else {
        fallback
    }
}

/// The questions about `codes` under the game's rules and wild rank.
pub(crate) fn ask<'a>(game: &'a Game, codes: &'a [u8]) -> Query<'a> {
    Query {
        codes,
        wild_rank: game.wild_rank(),
        rules: game.rules(),
    }
}
